import { z } from 'zod';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MESSAGE = 'Password must be at least 6 characters';
export const USERNAME_MESSAGE = 'Username must be at least 3 characters';

export const loginSchema = z.object({
  email: z.string().trim().email(EMAIL_MESSAGE),
  password: z.string().min(6, PASSWORD_MESSAGE),
});

export const registerSchema = z.object({
  username: z.string().trim().min(3, USERNAME_MESSAGE),
  email: z.string().trim().email(EMAIL_MESSAGE),
  password: z.string().min(6, PASSWORD_MESSAGE),
});

export type LoginValues = z.infer<typeof loginSchema>;
export type RegisterValues = z.infer<typeof registerSchema>;
