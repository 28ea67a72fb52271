import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeRequestBranch, changeRequestTreeDoc, commentsDoc, pageDoc } from '../../src-main/engine/revisions/doc-names.js';
import { changeRequestCommentsRoom, changeRequestPageRoom, changeRequestTreeRoom, yjsEndpoint } from '../../src-renderer/editor/room.js';

const id = fc.stringMatching(/^[A-Za-z0-9]{1,20}$/);

describe('the editor’s room', () => {
  it('is the engine’s doc id for the page, the tree and the comments of the change request', () => {
    fc.assert(
      fc.property(id, id, id, (space, changeRequest, page) => {
        expect(changeRequestPageRoom(space, changeRequest, page)).toBe(pageDoc(space, changeRequestBranch(changeRequest), page));
        expect(changeRequestTreeRoom(space, changeRequest)).toBe(changeRequestTreeDoc(space, changeRequest));
        expect(changeRequestCommentsRoom(space, changeRequest)).toBe(commentsDoc(space, changeRequestBranch(changeRequest)));
      }),
    );
  });

  it('is reached over ws for http pages and wss for https ones', () => {
    expect(yjsEndpoint('http://127.0.0.1:4470')).toBe('ws://127.0.0.1:4470/v1/yjs');
    expect(yjsEndpoint('https://folio.example')).toBe('wss://folio.example/v1/yjs');
  });
});
