/**
 * The employee chart's chunk (Recharts and what it pulls in), kept out of the shell: only the employee
 * profile asks for it, once the profile has painted (useLoadAfterPaint).
 */
export const loadEmployeeChart = () => import("./components/employee-chart.tsx");
