/** Text direction of a language's inputs, so Arabic is typed right to left. (Language names: useText().languageName.) */
export const dirOf = (code: string) => (code === 'ar' ? 'rtl' : 'ltr');
