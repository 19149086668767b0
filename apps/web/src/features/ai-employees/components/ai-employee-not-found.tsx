import { Link } from "@tanstack/react-router";
import { ArrowLeft, UserRoundSearch } from "lucide-react";
import { NotFoundScreen } from "#web/components/feedback/not-found-screen.tsx";

/** Shown for an id that is missing, malformed or another company's: the server answers 404 to all three. */
export function AiEmployeeNotFound() {
  return (
    <NotFoundScreen
      icon={UserRoundSearch}
      title="AI employee not found"
      description="The AI employee you are looking for doesn't exist or you don't have permission to view it."
      action={
        <Link to="/ai_employees">
          <ArrowLeft aria-hidden />
          Back to AI employees
        </Link>
      }
    />
  );
}
