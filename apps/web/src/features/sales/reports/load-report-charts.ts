/**
 * The charts' chunk (Recharts and everything it pulls in), kept out of the shell and the dashboard:
 * only the reports screen asks for it, once its figures have painted (useLoadAfterPaint).
 */
export const loadReportCharts = () => import("./components/report-charts.tsx");
