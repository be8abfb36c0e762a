/**
 * Every match of a global regex in `text`, found by the regex object itself rather than by the copy
 * that `String.prototype.matchAll` makes of it. V8 runs a regex's first execution in its bytecode
 * interpreter and compiles it from the second on; a copy starts over, so each `matchAll` scans its
 * text interpreted up to the first match (often the whole text, when there is none), several times
 * slower for our larger patterns.
 */
export function allMatches(regex: RegExp, text: string): RegExpExecArray[] {
  if (!regex.global) throw new Error(`allMatches needs a global regex: ${regex.source.slice(0, 40)}`);
  const matches: RegExpExecArray[] = [];
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    matches.push(m);
    if (m[0] === '') regex.lastIndex += 1;
  }
  return matches;
}
