const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** "German (de)": how the console names a catalogue language. */
export const languageName = (code: string) => `${names.of(code === 'no' ? 'nb' : code) ?? code} (${code})`;

/** Text direction of a language's inputs, so Arabic is typed right to left. */
export const dirOf = (code: string) => (code === 'ar' ? 'rtl' : 'ltr');
