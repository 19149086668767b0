import { Link } from "@tanstack/react-router";
import { ArrowLeft, FileQuestion } from "lucide-react";
import { NotFoundScreen } from "#web/components/feedback/not-found-screen.tsx";

/** An address naming no article (a mistyped or an old link). */
export function HelpArticleNotFound() {
  return (
    <NotFoundScreen
      icon={FileQuestion}
      title="Article not found"
      description="No help article has this address. It may have been renamed: search the help centre for it."
      action={
        <Link to="/help">
          <ArrowLeft aria-hidden />
          Back to help
        </Link>
      }
    />
  );
}
