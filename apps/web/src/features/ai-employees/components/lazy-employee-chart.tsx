import { lazy } from "react";
import { loadEmployeeChart } from "../load-employee-chart.ts";

// The chart in its own chunk (load-employee-chart.ts), drawn in a `ChartSlot` (components/charts).
export const LazyEmployeeChart = lazy(() => loadEmployeeChart().then((chunk) => ({ default: chunk.EmployeeChart })));
