import { BookOpen, Package, Plug, Wrench } from "lucide-react";
import { lazy, type ReactNode } from "react";
import { PendingBoundary } from "#web/components/feedback/pending-view.tsx";
import { HelpLink } from "#web/components/help-link.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { TRAINING_TABS, type TrainingSearch, type TrainingTab } from "../training-search.ts";
import { CatalogSection, type TrainingSearchUpdate } from "./catalog-section.tsx";

// The catalog, the tab a cold /training opens on, comes with the page; the others when first shown or
// pointed at (the knowledge base's uploads and the skills' editor are most of the page's code).
const loadKnowledge = () => import("./knowledge-section.tsx");
const loadSkills = () => import("./skills-section.tsx");
const KnowledgeSection = lazy(() => loadKnowledge().then((m) => ({ default: m.KnowledgeSection })));
const SkillsSection = lazy(() => loadSkills().then((m) => ({ default: m.SkillsSection })));
const TAB_LOADERS: Partial<Record<TrainingTab, () => Promise<unknown>>> = {
  knowledge: loadKnowledge,
  skills: loadSkills,
};

type TrainingPageProps = {
  search: TrainingSearch;
  /** Merges into the address's search (the route navigates; a test can hold it in state). */
  onSearch: TrainingSearchUpdate;
  /** Owners and admins change the catalog and the knowledge base; members see those actions disabled. */
  canManage: boolean;
  /** The integrations tab, which the route composes from other features (WhatsApp's card and templates). */
  integrations: ReactNode;
};

const TAB_LABELS = { catalog: "Catalog", knowledge: "Knowledge base", skills: "Skills", integrations: "Integrations" };
const SHORT_TAB_LABELS: Partial<Record<TrainingTab, string>> = { knowledge: "Knowledge" };
const TAB_ICONS = { catalog: Package, knowledge: BookOpen, skills: Wrench, integrations: Plug };

const isTab = (value: string): value is TrainingTab => (TRAINING_TABS as readonly string[]).includes(value);

/** `/training`: what the AI employees know and sell, one section per tab (the tab is in the address). */
export function TrainingPage({ search, onSearch, canManage, integrations }: TrainingPageProps) {
  const tab = search.tab ?? "catalog";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Training centre"
        description="What your AI employees sell, know and can do: the catalog they quote from, the knowledge base they answer from, their skills and the tools they connect to."
        help={<HelpLink topic="training" />}
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (isTab(value)) onSearch({ tab: value === "catalog" ? undefined : value });
        }}
      >
        <TabsList aria-label="Training centre sections">
          {TRAINING_TABS.map((value) => {
            const Icon = TAB_ICONS[value];
            return (
              <TabsTrigger
                key={value}
                value={value}
                className="max-sm:px-2.5"
                onPointerEnter={() => void TAB_LOADERS[value]?.()}
                onFocus={() => void TAB_LOADERS[value]?.()}
              >
                <Icon aria-hidden className="max-sm:hidden" />
                {/* A 375 px phone fits the four tabs with the shorter names and no icons. */}
                <span className="sm:hidden">{SHORT_TAB_LABELS[value] ?? TAB_LABELS[value]}</span>
                <span className="max-sm:hidden">{TAB_LABELS[value]}</span>
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="catalog">
          <CatalogSection search={search} onSearch={onSearch} canManage={canManage} />
        </TabsContent>
        <TabsContent value="knowledge">
          <PendingBoundary>
            <KnowledgeSection canManage={canManage} />
          </PendingBoundary>
        </TabsContent>
        <TabsContent value="skills">
          <PendingBoundary>
            <SkillsSection canManage={canManage} />
          </PendingBoundary>
        </TabsContent>
        <TabsContent value="integrations">
          <PendingBoundary>{integrations}</PendingBoundary>
        </TabsContent>
      </Tabs>
    </div>
  );
}
