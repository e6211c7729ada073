import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import type { Font } from 'fontkit';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
const bidi = bidiFactory();
const require = createRequire(import.meta.url);

/**
 * The fonts every document embeds (subsets of them): Noto Sans for Latin (Polish, Turkish, every store
 * language but Arabic), Greek and Cyrillic; Noto Sans Arabic for Arabic script and its digits. Found in
 * node_modules, next to the sources and to the bundle alike.
 */
export const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  arabic: require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  arabicBold: require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
} as const;

type ParsedFonts = Record<keyof typeof FONTS, Font>;
let parsed: Promise<ParsedFonts> | null = null;

/**
 * The fonts, parsed once per process (fontkit loads with the first document): given their paths, pdfkit
 * parsed all four anew for every document, a fifth of the server's time while it mailed invoices.
 */
export function parsedFonts(): Promise<ParsedFonts> {
  parsed ??= import('fontkit').then(({ create }) => Object.fromEntries(Object.entries(FONTS).map(([name, path]) => [name, create(readFileSync(path)) as Font])) as ParsedFonts);
  return parsed;
}

export function registerFonts(doc: Doc, fonts: ParsedFonts): void {
  // pdfkit takes a parsed font as it takes a file (anything with layout()); its types know only files.
  for (const [name, font] of Object.entries(fonts)) doc.registerFont(name, font as unknown as string);
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  /** Data (a name, an address, a product): its direction is its first strong character's, not the document's. */
  data?: boolean;
}

/** Where the baseline sits below a line's top, in em (Noto Sans' ascent). */
const BASELINE = 1.07;

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/** Direction marks (Intl puts some around currency signs): they guide the algorithm, then are dropped. */
const MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

interface Run { text: string; font: string }

/**
 * A line in visual order, as runs to draw left to right. The Unicode bidirectional algorithm (bidi-js)
 * orders the runs; a right-to-left run with Arabic letters is handed over in logical order, because the
 * font engine (fontkit) shapes it and lays its glyphs out right to left itself; any other right-to-left
 * run (spaces, punctuation) is reversed here, its brackets mirrored.
 */
function visualRuns(text: string, base: 'ltr' | 'rtl', style: TextStyle): Run[] {
  const bold = !!style.bold;
  const levels = bidi.getEmbeddingLevels(text, style.data ? (firstStrong(text) ?? base) : base);
  const order = bidi.getReorderedIndices(text, levels);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const runs: Array<{ indices: number[]; rtl: boolean }> = [];
  for (const index of order) {
    const rtl = (levels.levels[index]! & 1) === 1;
    const last = runs[runs.length - 1];
    if (last && last.rtl === rtl) last.indices.push(index);
    else runs.push({ indices: [index], rtl });
  }
  // Each word is its own piece: pdfkit lays a string out word by word, which misplaces the spaces of a
  // right-to-left string whose glyphs the font engine reversed.
  return runs.flatMap(({ indices, rtl }) => {
    const visual = indices.map((i) => mirrored.get(i) ?? text[i]!).join('').replace(MARKS, '');
    return (visual.match(/\s+|\S+/g) ?? []).map((piece) => {
      const arabic = ARABIC.test(piece);
      const logical = rtl && arabic ? [...piece].reverse().join('') : piece;
      return { text: logical, font: arabic ? (bold ? 'arabicBold' : 'arabic') : bold ? 'bold' : 'regular' };
    });
  });
}

/** The direction of a text's first strong character (like HTML's dir="auto"), or null when it has none. */
function firstStrong(text: string): 'ltr' | 'rtl' | null {
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'L') return 'ltr';
    if (type === 'R' || type === 'AL') return 'rtl';
  }
  return null;
}

/** Draws and measures text for one document, whose own direction is `dir`. */
export class Typesetter {
  constructor(readonly doc: Doc, readonly dir: 'ltr' | 'rtl') {}

  width(text: string, style: TextStyle): number {
    return visualRuns(text, this.dir, style).reduce((sum, run) => sum + this.doc.font(run.font).fontSize(style.size).widthOfString(run.text), 0);
  }

  /** One line, no wrapping, aligned in the box [x, x + width]. */
  line(text: string, x: number, y: number, width: number, style: TextStyle, align: 'left' | 'right' | 'center' = 'left'): void {
    const runs = visualRuns(text, this.dir, style);
    const widths = runs.map((run) => this.doc.font(run.font).fontSize(style.size).widthOfString(run.text));
    const total = widths.reduce((a, b) => a + b, 0);
    let at = align === 'right' ? x + width - total : align === 'center' ? x + (width - total) / 2 : x;
    this.doc.fillColor(style.color ?? '#1a1a1a');
    // On a common baseline: the Arabic font's ascent differs from the Latin one's.
    runs.forEach((run, i) => {
      this.doc.font(run.font).fontSize(style.size).text(run.text, at, y + style.size * BASELINE, { lineBreak: false, baseline: 'alphabetic' });
      at += widths[i]!;
    });
  }

  /** Words laid into lines no wider than `width` (a word longer than a line stays whole). */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = current ? `${current} ${word}` : word;
        if (current && this.width(next, style) > width) {
          lines.push(current);
          current = word;
        } else current = next;
      }
      lines.push(current);
    }
    return lines;
  }

  /** A wrapped paragraph; returns the y below it. */
  paragraph(text: string, x: number, y: number, width: number, style: TextStyle, align: 'left' | 'right' = 'left', leading = 1.35): number {
    for (const line of this.wrap(text, width, style)) {
      this.line(line, x, y, width, style, align);
      y += style.size * leading;
    }
    return y;
  }
}
