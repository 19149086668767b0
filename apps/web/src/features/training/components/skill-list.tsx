import { type SkillDetail, TOOL_DESCRIPTIONS, TOOL_LABELS } from "@foreman/contract";
import { Pencil, Trash2 } from "lucide-react";
import { ManagerIconButton } from "#web/components/access/manager-icon-button.tsx";
import { Badge } from "#web/components/ui/badge.tsx";

type SkillListProps = {
  skills: SkillDetail[];
  canManage: boolean;
  onEdit: (skill: SkillDetail) => void;
  onDelete: (skill: SkillDetail) => void;
};

const employeesLabel = (count: number) => (count === 1 ? "1 employee" : `${count} employees`);

/** The company's skills as cards: what each is for, the tools it grants and how many employees have it. */
export function SkillList({ skills, canManage, onEdit, onDelete }: SkillListProps) {
  return (
    <ul aria-label="Skills" className="grid gap-3 md:grid-cols-2">
      {skills.map((skill) => (
        <li
          key={skill.id}
          data-testid="skill-card"
          className="min-w-0 space-y-3 rounded-xl border bg-card p-4 shadow-xs"
        >
          <div className="flex min-w-0 items-center gap-1">
            <h3 className="min-w-0 flex-1 truncate font-medium" title={skill.name}>
              {skill.name}
            </h3>
            <ManagerIconButton allowed={canManage} label={`Edit ${skill.name}`} onClick={() => onEdit(skill)}>
              <Pencil aria-hidden />
            </ManagerIconButton>
            <ManagerIconButton allowed={canManage} label={`Delete ${skill.name}`} onClick={() => onDelete(skill)}>
              <Trash2 aria-hidden />
            </ManagerIconButton>
          </div>
          {skill.description ? (
            <p className="-mt-2 line-clamp-2 text-muted-foreground text-sm" title={skill.description}>
              {skill.description}
            </p>
          ) : null}
          {skill.tools.length > 0 ? (
            <ul aria-label={`Tools ${skill.name} grants`} className="flex flex-wrap gap-1.5">
              {skill.tools.map((tool) => (
                <li key={tool}>
                  <Badge variant="outline" className="font-normal" title={`${tool}: ${TOOL_DESCRIPTIONS[tool]}`}>
                    {TOOL_LABELS[tool]}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-xs">Grants no tools: it describes the employee only.</p>
          )}
          <p className="text-muted-foreground text-xs tabular-nums">
            {skill.aiEmployees.length > 0
              ? `Given to ${employeesLabel(skill.aiEmployees.length)}`
              : "Given to no one yet"}
          </p>
        </li>
      ))}
    </ul>
  );
}
