import { fillTemplateText, templatePreview } from "@foreman/contract";

type TemplatePreviewProps = {
  headerText: string;
  body: string;
  footerText: string;
  /** The examples, by variable number (1 first); an empty one shows as {{n}}. */
  examples: readonly string[];
};

/** The template as the customer will read it, in a chat bubble, with the examples in place of the variables. */
export function TemplatePreview({ headerText, body, footerText, examples }: TemplatePreviewProps) {
  const values = examples.map((example, index) => example.trim() || `{{${index + 1}}}`);
  const text = templatePreview({ headerText, body, footerText }, values);
  const header = headerText.trim();
  const footer = footerText.trim();
  return (
    <figure className="grid gap-2">
      <figcaption className="font-medium text-sm">Preview</figcaption>
      <div className="rounded-xl border bg-muted/60 p-3 sm:p-4">
        {text ? (
          <div
            data-testid="template-preview"
            className="ml-auto w-fit min-w-0 max-w-full rounded-lg rounded-tr-sm border border-success/25 bg-success/10 px-3 py-2 text-sm shadow-xs dark:bg-success/15"
          >
            {header ? <p className="mb-1 break-words font-semibold">{header}</p> : null}
            {body.trim() ? (
              <p className="whitespace-pre-wrap break-words">{fillTemplateText(body.trim(), values)}</p>
            ) : null}
            {footer ? <p className="mt-1 break-words text-muted-foreground text-xs">{footer}</p> : null}
          </div>
        ) : (
          <p className="text-center text-muted-foreground text-sm">The message appears here as you write it.</p>
        )}
      </div>
    </figure>
  );
}
