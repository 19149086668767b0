import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES_DESCRIPTION,
  ATTACHMENTS_PER_MESSAGE_MAX,
  contentTypeFromFileName,
  isAllowedAttachmentType,
  type NewAttachment,
} from "@foreman/contract";

// Files a staff member picks for a reply: checked against the API's limits before anything is sent
// (one clear sentence per problem), then read as base64 for the JSON body.

type PickedFile = { name: string; size: number; type: string };

/** The type the browser reports, or the one the name suggests when it reports none. */
export function pickedFileType(file: PickedFile): string {
  return file.type || contentTypeFromFileName(file.name);
}

/**
 * The files to keep after adding `added` to `current`, and what was refused and why. The limits are
 * the API's: images, PDF or plain text, 10 MB each, 5 per message.
 */
export function addPickedFiles<T extends PickedFile>(
  current: readonly T[],
  added: readonly T[],
): { files: T[]; problems: string[] } {
  const files = [...current];
  const problems: string[] = [];
  for (const file of added) {
    // The same file picked again is already there.
    if (files.some((kept) => kept.name === file.name && kept.size === file.size)) continue;
    if (!isAllowedAttachmentType(pickedFileType(file))) {
      problems.push(`${file.name} can't be sent: attach ${ATTACHMENT_TYPES_DESCRIPTION}.`);
    } else if (file.size > ATTACHMENT_MAX_BYTES) {
      problems.push(`${file.name} is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`);
    } else if (file.size === 0) {
      problems.push(`${file.name} is empty.`);
    } else if (files.length >= ATTACHMENTS_PER_MESSAGE_MAX) {
      problems.push(`At most ${ATTACHMENTS_PER_MESSAGE_MAX} files per message: ${file.name} was left out.`);
    } else {
      files.push(file);
    }
  }
  return { files, problems };
}

/** Bytes as base64, in slices so a 10 MB file does not overflow the argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const slice = 0x8000;
  for (let index = 0; index < bytes.length; index += slice) {
    binary += String.fromCharCode(...bytes.subarray(index, index + slice));
  }
  return btoa(binary);
}

export async function toNewAttachment(file: File): Promise<NewAttachment> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { fileName: file.name, contentType: pickedFileType(file), data: bytesToBase64(bytes) };
}
