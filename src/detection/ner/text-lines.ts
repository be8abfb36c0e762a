/** A line of a text without its line break ("\r\n" or "\n"), and where it starts. */
export interface TextLine {
  start: number;
  text: string;
}

/** The lines of a text, in order; a text without a line break is one line. */
export function textLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  for (let start = 0; ;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    lines.push({ start, text: text.slice(start, end).replace(/\r$/, '') });
    if (newline < 0) return lines;
    start = newline + 1;
  }
}
