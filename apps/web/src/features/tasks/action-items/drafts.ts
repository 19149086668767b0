// What staff have typed into each action item's answer box, outside React: an item leaves the list as
// soon as it is sent (optimistically) and comes back if sending fails — its text must come back too.
// Kept for the tab's lifetime only (a page reload starts empty).

const drafts = new Map<string, string>();

export function readDraft(taskId: string): string {
  return drafts.get(taskId) ?? "";
}

export function writeDraft(taskId: string, text: string): void {
  if (text === "") drafts.delete(taskId);
  else drafts.set(taskId, text);
}

export function clearDraft(taskId: string): void {
  drafts.delete(taskId);
}
