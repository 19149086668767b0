/** A form's or an upload's refusal in words, announced as it appears; nothing when there is none. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-destructive text-sm">
      {message}
    </p>
  );
}
