import { lazy } from "react";
import { loadReportCharts } from "../load-report-charts.ts";

// The charts live in their own chunk (load-report-charts.ts); the cards around them render at once.
export const SalesChart = lazy(() => loadReportCharts().then((charts) => ({ default: charts.SalesChart })));
export const LeadsChart = lazy(() => loadReportCharts().then((charts) => ({ default: charts.LeadsChart })));
export const OrdersChart = lazy(() => loadReportCharts().then((charts) => ({ default: charts.OrdersChart })));
export const ChannelsChart = lazy(() => loadReportCharts().then((charts) => ({ default: charts.ChannelsChart })));
