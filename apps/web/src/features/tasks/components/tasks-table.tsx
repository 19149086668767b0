import { type Task, timeLeft } from "@foreman/contract";
import { LIST_CARD_CLASS, ListCardContent } from "#web/components/layout/list-card.tsx";
import { TableOrCards } from "#web/components/layout/table-or-cards.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { DueTime } from "./due-time.tsx";
import { ActionTypeBadge, TaskStateBadge } from "./task-badges.tsx";
import { TaskLink } from "./task-link.tsx";

// Tasks with their title and due date: a table on wide screens, cards on phones. A row opens
// the task where it can be acted on: the action items list while to do, its assistant thread once done.

/** An open task past its due time shows its due date in red. */
const overdue = (task: Task) => task.state === "to_do" && timeLeft(task.dueAt).expired;

function Customer({ task }: { task: Task }) {
  return task.conversation.customerName ? (
    <span className="block truncate" title={task.conversation.customerName}>
      {task.conversation.customerName}
    </span>
  ) : (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">No customer</span>
    </span>
  );
}

export function TasksTable({ tasks }: { tasks: readonly Task[] }) {
  return (
    <TableOrCards
      by="window"
      table={
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">Title</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>Due</TableHead>
              <TableHead className="pr-4">State</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tasks.map((task) => (
              <TableRow key={task.id} className="relative" data-testid="task-row" data-task-id={task.id}>
                <TableCell className="max-w-[26rem] pl-4 font-medium">
                  {/* The link covers the whole row (after:inset-0), so the row is one target. */}
                  <TaskLink
                    task={task}
                    className="block truncate outline-none after:absolute after:inset-0 focus-visible:underline"
                  >
                    {task.title}
                  </TaskLink>
                </TableCell>
                <TableCell>
                  <ActionTypeBadge actionType={task.actionType} />
                </TableCell>
                <TableCell className="max-w-48 text-muted-foreground">
                  <Customer task={task} />
                </TableCell>
                <TableCell>
                  {/* Above the row's link, so pointing at the date can show its tooltip. */}
                  <span className="relative z-10">
                    <DueTime dueAt={task.dueAt} overdue={overdue(task)} />
                  </span>
                </TableCell>
                <TableCell className="pr-4">
                  <TaskStateBadge state={task.state} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      cards={tasks.map((task) => (
        <li key={task.id} data-testid="task-card" data-task-id={task.id}>
          <TaskLink task={task} className={LIST_CARD_CLASS}>
            <ListCardContent className="space-y-2">
              <p className="line-clamp-2 break-words font-medium">{task.title}</p>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-muted-foreground text-xs">
                <ActionTypeBadge actionType={task.actionType} />
                <TaskStateBadge state={task.state} />
                <span>
                  Due <DueTime dueAt={task.dueAt} overdue={overdue(task)} />
                </span>
              </div>
              {task.conversation.customerName ? (
                <p className="truncate text-muted-foreground text-sm">{task.conversation.customerName}</p>
              ) : null}
            </ListCardContent>
          </TaskLink>
        </li>
      ))}
    />
  );
}
