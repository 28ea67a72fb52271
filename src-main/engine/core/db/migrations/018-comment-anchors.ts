/**
 * A thread posted on a block keeps the block's anchor (docs/content-design.md, "Comments"):
 * encoded `Y.RelativePosition`s into the page body, the block's and its containers', projected
 * from the comments doc so that an answer can say where the thread sits now without loading it.
 */
export const sql = `
ALTER TABLE comments ADD COLUMN anchor BLOB;
`;
