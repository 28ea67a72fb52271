import type { DragEvent } from 'react';
import type { ItemRef } from '../tree/build-tree.js';

// A type of our own, so that text or files dragged in from elsewhere are never taken for an item.
const ITEM_TYPE = 'application/x-folio-item';

export function startDrag(event: DragEvent, item: ItemRef): void {
  event.dataTransfer.setData(ITEM_TYPE, JSON.stringify(item));
  event.dataTransfer.effectAllowed = 'move';
}

export function carriesItem(event: DragEvent): boolean {
  return event.dataTransfer.types.includes(ITEM_TYPE);
}

export function droppedItem(event: DragEvent): ItemRef | undefined {
  try {
    const item = JSON.parse(event.dataTransfer.getData(ITEM_TYPE)) as Partial<ItemRef>;
    return (item.kind === 'space' || item.kind === 'collection') && typeof item.id === 'string'
      ? { kind: item.kind, id: item.id }
      : undefined;
  } catch {
    return undefined;
  }
}
