/**
 * The charts' chunk (Recharts and everything it pulls in), kept out of the shell and the dashboard:
 * only the reports screen asks for it, and its route's loader starts the download next to the data.
 */
export const loadReportCharts = () => import("./components/report-charts.tsx");
