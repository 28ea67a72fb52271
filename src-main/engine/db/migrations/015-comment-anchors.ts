/**
 * A thread posted on a block keeps the block's anchor (docs/content-design.md, "Comments"): an
 * encoded `Y.RelativePosition` into the page body, projected from the comments doc so that an
 * answer can say where the thread sits now without loading the doc. Numbers 012 to 014 are other
 * branches'; they are renumbered if needed when they merge.
 */
export const sql = `
ALTER TABLE comments ADD COLUMN anchor BLOB;
`;
