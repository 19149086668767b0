import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

type ShowMoreButtonProps = { loading: boolean; onClick: () => void; size?: "default" | "sm" };

/** The footer button of a list loaded page by page: fetches the next page, with a spinner meanwhile. */
export function ShowMoreButton({ loading, onClick, size }: ShowMoreButtonProps) {
  return (
    <Button variant="outline" size={size} onClick={onClick} disabled={loading}>
      {loading ? <Spinner className={size === "sm" ? "size-3.5" : "size-4"} /> : null}
      Show more
    </Button>
  );
}
