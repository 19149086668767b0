import {
  formatLongDate,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_STATUS_LABELS,
  type WhatsappTemplate,
} from "@foreman/contract";
import { Pencil, Trash2 } from "lucide-react";
import { ManagerIconButton } from "#web/components/access/manager-icon-button.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { languageLabel, TEMPLATE_STATUS_VARIANTS } from "../whatsapp-format.ts";

type TemplateTableProps = {
  templates: readonly WhatsappTemplate[];
  canManage: boolean;
  onEdit: (template: WhatsappTemplate) => void;
  onDelete: (template: WhatsappTemplate) => void;
};

/** Every template with its review status; language, category and date fold under the name on phones. */
export function TemplateTable({ templates, canManage, onEdit, onDelete }: TemplateTableProps) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <Table aria-label="WhatsApp templates" className="table-fixed sm:table-auto">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">Name</TableHead>
            <TableHead scope="col" className="hidden md:table-cell">
              Language
            </TableHead>
            <TableHead scope="col" className="hidden md:table-cell">
              Category
            </TableHead>
            <TableHead scope="col" className="w-36 sm:w-auto">
              Status
            </TableHead>
            <TableHead scope="col" className="hidden lg:table-cell">
              Updated
            </TableHead>
            <TableHead scope="col" className="w-20">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {templates.map((template) => {
            const language = languageLabel(template.language);
            const category = TEMPLATE_CATEGORY_LABELS[template.category];
            return (
              <TableRow
                key={template.id}
                data-testid="template-row"
                data-template-id={template.id}
                className="align-top"
              >
                <TableCell className="whitespace-normal">
                  <div className="min-w-0 sm:max-w-72">
                    <p className="truncate font-medium" title={template.name}>
                      {template.name}
                    </p>
                    <p className="truncate text-muted-foreground text-xs" title={template.body}>
                      {template.body}
                    </p>
                    <p className="truncate text-muted-foreground text-xs md:hidden">
                      {language} · {category}
                    </p>
                  </div>
                </TableCell>
                <TableCell className="hidden md:table-cell">{language}</TableCell>
                <TableCell className="hidden md:table-cell">{category}</TableCell>
                <TableCell className="whitespace-normal">
                  <div className="grid min-w-0 gap-1" data-testid="template-status">
                    <Badge variant={TEMPLATE_STATUS_VARIANTS[template.status]}>
                      {TEMPLATE_STATUS_LABELS[template.status]}
                    </Badge>
                    {template.rejectionReason ? (
                      <p
                        className="line-clamp-2 max-w-56 break-words text-destructive text-xs"
                        title={template.rejectionReason}
                      >
                        {template.rejectionReason}
                      </p>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell className="hidden text-muted-foreground lg:table-cell">
                  {formatLongDate(template.updatedAt)}
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <ManagerIconButton
                      allowed={canManage}
                      label={`Edit ${template.name}`}
                      hint="Edit"
                      onClick={() => onEdit(template)}
                    >
                      <Pencil aria-hidden />
                    </ManagerIconButton>
                    <ManagerIconButton
                      allowed={canManage}
                      label={`Delete ${template.name}`}
                      hint="Delete"
                      destructive
                      onClick={() => onDelete(template)}
                    >
                      <Trash2 aria-hidden />
                    </ManagerIconButton>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
