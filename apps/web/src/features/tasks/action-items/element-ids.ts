// The page ids of an action item and its heading: `/action_items#action-item-<id>` links to one.

export const actionItemElementId = (taskId: string) => `action-item-${taskId}`;
export const actionItemHeadingId = (taskId: string) => `action-item-${taskId}-title`;
/** The task id in a `#action-item-<id>` hash, or null. */
export function taskIdFromHash(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  const match = /^action-item-(.+)$/.exec(id);
  return match && !match[1]!.endsWith("-title") ? match[1]! : null;
}
