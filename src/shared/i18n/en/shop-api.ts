/** Shop order API texts (issue 25, item 5): the answers of /api/v1 (docs/api.md). */
export const shopApi = {
  'shopApi.signIn': 'Send a company API token (Authorization: Bearer kwt_…) or sign in to the company portal',
  'shopApi.badToken': 'The API token is invalid or has been revoked',
  'shopApi.companyOnly': 'The order API is for company accounts: use a token of a company manager',
  'shopApi.keyRequired': 'Send an Idempotency-Key header (1 to 255 visible characters) with every new order',
  'shopApi.keyReused': 'This Idempotency-Key was already used with a different request',
  'shopApi.notCancellable': 'An order that is {status} can no longer be cancelled',
  'shopApi.badJson': 'The body is not valid JSON',
  'shopApi.decimals': 'Too many decimals for the currency (KWD has 3, AED 2)',
  'shopApi.outsideCountry': "The point is outside the address's country",
  'shopApi.promisePast': 'The promised delivery time must be in the future',
  'shopApi.noRoute': 'No such endpoint in the order API',
  'shopApi.decimalString': 'Use a decimal string such as "1.250"',
} as const;
