import { errorMessage, isApiError } from '@/lib/api';
import { api, data as dataOf } from '@/lib/api-client';
import type { User } from '@/lib/types';

export interface LoginData {
  email: string;
  password: string;
}

export interface RegisterData {
  username: string;
  email: string;
  password: string;
  /** The referral code of the link the visitor came through. */
  ref?: string;
}

/** GET /api/auth/me — 401 means signed out; any other failure is logged and treated as signed out. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await dataOf(api.GET('/api/auth/me'));
  } catch (error) {
    if (isApiError(error, 401)) return null;
    if (isApiError(error)) console.error(`Failed to fetch user: ${error.status}`);
    else console.error('Failed to fetch user', error);
    return null;
  }
}

export async function login(data: LoginData): Promise<User> {
  try {
    return await dataOf(api.POST('/api/auth/login', { body: data }));
  } catch (error) {
    console.error('Login failed', error);
    throw new Error(errorMessage(error, 'Invalid credentials'), { cause: error });
  }
}

export async function register(data: RegisterData): Promise<User> {
  try {
    return await dataOf(api.POST('/api/auth/register', { body: data }));
  } catch (error) {
    console.error('Registration failed', error);
    throw new Error(errorMessage(error, 'Registration failed'), { cause: error });
  }
}

export async function logout(): Promise<void> {
  try {
    await api.POST('/api/auth/logout');
  } catch (error) {
    console.error('Logout failed', error);
    throw new Error('Logout failed', { cause: error });
  }
}
