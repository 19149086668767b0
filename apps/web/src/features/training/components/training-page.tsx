import { BookOpen, Construction, Package, Plug, Wrench } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { TRAINING_TABS, type TrainingSearch, type TrainingTab } from "../training-search.ts";
import { CatalogSection, type TrainingSearchUpdate } from "./catalog-section.tsx";
import { KnowledgeSection } from "./knowledge-section.tsx";

type TrainingPageProps = {
  search: TrainingSearch;
  /** Merges into the address's search (the route navigates; a test can hold it in state). */
  onSearch: TrainingSearchUpdate;
  /** Owners and admins change the catalog and the knowledge base; members see those actions disabled. */
  canManage: boolean;
};

const TAB_LABELS = { catalog: "Catalog", knowledge: "Knowledge base", skills: "Skills", integrations: "Integrations" };
const TAB_ICONS = { catalog: Package, knowledge: BookOpen, skills: Wrench, integrations: Plug };

const isTab = (value: string): value is TrainingTab => (TRAINING_TABS as readonly string[]).includes(value);

/** `/training`: what the AI employees know and sell, one section per tab (the tab is in the address). */
export function TrainingPage({ search, onSearch, canManage }: TrainingPageProps) {
  const tab = search.tab ?? "catalog";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Training centre"
        description="What your AI employees sell and know: the product catalog they quote from and the knowledge base they answer from."
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
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden />
                {TAB_LABELS[value]}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="catalog">
          <CatalogSection search={search} onSearch={onSearch} canManage={canManage} />
        </TabsContent>
        <TabsContent value="knowledge">
          <KnowledgeSection canManage={canManage} />
        </TabsContent>
        <TabsContent value="skills">
          <NotBuiltSection
            title="Skills"
            description="The skills your AI employees can be given, and which knowledge each one uses. Not built yet."
          />
        </TabsContent>
        <TabsContent value="integrations">
          <NotBuiltSection
            title="Integrations"
            description="Connections to the tools your company already uses (shop, CRM, calendar). Not built yet."
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function NotBuiltSection({ title, description }: { title: string; description: string }) {
  return (
    <section aria-label={title}>
      <EmptyState
        icon={Construction}
        title={`${title} are not built yet`}
        description={description}
        className="min-h-64 bg-muted/20"
      />
    </section>
  );
}
