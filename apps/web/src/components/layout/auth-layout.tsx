import { BadgeCheck, Building2, Workflow } from "lucide-react";
import type { ReactNode } from "react";
import { ThemeToggle } from "../theme/theme-toggle.tsx";
import { BrandLogo, BrandMark, PRODUCT_NAME } from "./brand.tsx";

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card: the link to the other form. */
  footer?: ReactNode;
};

const highlights = [
  {
    icon: Workflow,
    title: "Five departments, one place",
    text: "Sales, retention, support, collections and analytics AI employees work side by side.",
  },
  {
    icon: BadgeCheck,
    title: "Humans stay in charge",
    text: "Approve quotes and answer questions your AI employees raise, right next to the conversation.",
  },
  {
    icon: Building2,
    title: "Every company you manage",
    text: "Switch between companies without signing out.",
  },
] as const;

/** The sign-in / sign-up frame: a product panel on wide screens and a centred card. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="grid min-h-svh bg-background lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-zinc-950 p-10 text-zinc-100 lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_20%_0%,oklch(0.45_0.2_280/0.55),transparent_70%),radial-gradient(50%_40%_at_100%_100%,oklch(0.4_0.17_300/0.35),transparent_70%)]"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,oklch(1_0_0/0.04)_1px,transparent_1px),linear-gradient(to_bottom,oklch(1_0_0/0.04)_1px,transparent_1px)] bg-[size:40px_40px] [mask-image:radial-gradient(ellipse_at_top_left,black_30%,transparent_75%)]"
        />
        <BrandLogo className="relative text-white" />
        <div className="relative max-w-md">
          <h2 className="text-balance font-semibold text-3xl text-white tracking-tight">
            Run your AI workforce from one dashboard.
          </h2>
          <p className="mt-3 text-base text-zinc-400">
            {PRODUCT_NAME} gives sellers and operators one place for the AI employees that handle leads, conversations,
            quotes, orders and support.
          </p>
          <ul className="mt-10 space-y-6">
            {highlights.map(({ icon: Icon, title: heading, text }) => (
              <li key={heading} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/5 ring-1 ring-white/10">
                  <Icon className="size-4 text-[oklch(0.78_0.12_280)]" aria-hidden />
                </span>
                <span>
                  <span className="block font-medium text-white">{heading}</span>
                  <span className="mt-0.5 block text-zinc-400">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-zinc-500">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </aside>
      <main id="main" className="relative flex flex-col items-center justify-center bg-muted/40 px-4 py-16 sm:px-8">
        <div className="absolute top-4 right-4">
          <ThemeToggle side="bottom" align="end" />
        </div>
        <div className="w-full max-w-sm">
          <div className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
            <BrandMark className="mb-6 size-9 rounded-[10px]" />
            <h1 className="font-semibold text-xl tracking-tight">{title}</h1>
            {description ? <p className="mt-1.5 text-muted-foreground">{description}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
          {footer ? <div className="mt-6 text-center text-muted-foreground">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
