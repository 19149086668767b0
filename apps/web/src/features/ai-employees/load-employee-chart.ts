/**
 * The employee chart's chunk (Recharts and what it pulls in), kept out of the shell: only the employee
 * profile asks for it, and its route's loader starts the download next to the data.
 */
export const loadEmployeeChart = () => import("./components/employee-chart.tsx");
