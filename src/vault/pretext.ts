/**
 * The system prompt that explains token text to a model (SPEC 4.8). The proxy adds the same text
 * itself; direct callers fetch it from GET /v1/client/pretext.
 */
export function pretextFor(labels: readonly string[]): string {
  const listed = labels.length ? ` Labels in this conversation: ${labels.join(', ')}.` : '';
  return [
    'Some personal data in this conversation has been replaced by placeholders of the form [LABEL: id],',
    `for example [NAME: k3j9x2m4] or [EMAIL: 7hq2ms0d].${listed}`,
    'Each placeholder stands for one real value, and the same placeholder always means the same value.',
    'Treat a placeholder as the value it stands for and write naturally around it.',
    'Whenever you refer to that value, copy the placeholder exactly as written: the square brackets, the label,',
    'the colon and the id, with the same spelling and case. Do not translate, reformat, split or shorten it,',
    'do not invent new placeholders, and do not guess, ask for or describe the hidden value.',
  ].join(' ');
}
