/** The company portal's tabs, in the order they show (routes/company.tsx); the tour counts them from here. */
export const COMPANY_TABS = ['overview', 'fleet', 'orders', 'cash', 'compliance'] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];
