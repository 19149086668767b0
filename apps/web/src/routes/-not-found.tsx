import { Link } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { NotFoundScreen } from "#web/components/feedback/not-found-screen.tsx";

/** The router's 404: a friendly page with a way home. */
export function NotFound() {
  return (
    <NotFoundScreen
      icon={Compass}
      eyebrow="404"
      title="Page not found"
      description="The page you are looking for doesn't exist or has moved. Check the address, or head back home."
      action={<Link to="/">Go to home</Link>}
      fullScreen
    />
  );
}
