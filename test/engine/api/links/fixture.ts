/** Markdown of a block the model keeps verbatim, holding a link to a content reference. */
export function refLink(ref: Record<string, string>, text = 'see'): string {
  const block = {
    object: 'block',
    type: 'paragraph',
    nodes: [{ object: 'inline', type: 'link', data: { ref }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
  };
  return `<!-- folio-block ${JSON.stringify(block)} -->`;
}

export const fileBlock = (fileId: string) => `{% file src="${fileId}" %}caption{% endfile %}`;
