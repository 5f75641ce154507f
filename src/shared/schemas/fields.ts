import { z } from 'zod';

/** Field rules shared by every form and procedure. Messages are the spec's exact texts. */
export const VEHICLE_TYPES = ['motorcycle', 'car', 'bicycle', 'van'] as const;
export const PRIORITIES = ['normal', 'high', 'urgent'] as const;
export const PHONE_MESSAGE = 'Phone must start with + and contain 10-15 digits (e.g., +96512345678)';
export const PHONE_PATTERN = /^\+\d{10,15}$/;

export const requiredText = (message: string, max = 200) => z.string(message).trim().min(1, message).max(max);
export const optionalText = (max = 500) => z.string().trim().max(max).optional().default('');

export const emailField = (requiredMessage = 'Email is required') =>
  z
    .string(requiredMessage)
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(254)
    .pipe(z.email('Invalid email format'));

export const phoneField = (requiredMessage = 'Phone is required') =>
  z.string(requiredMessage).trim().min(1, requiredMessage).regex(PHONE_PATTERN, PHONE_MESSAGE);

export const optionalPhone = () =>
  z.union([z.literal(''), z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE)]).optional().default('');

/** The spec's forms send a client timestamp; we accept and ignore it (the server's clock decides). */
export const clientTimestamp = z.union([z.string().max(40), z.number()]).optional();

export const idField = z.string().trim().min(1).max(40);
