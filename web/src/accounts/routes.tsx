import type { RouteObject } from 'react-router-dom';

/** Account and dashboard screens, split from the patient flow's bundle (filled by the accounts work). */
export const accountRoutes: RouteObject[] = [];
