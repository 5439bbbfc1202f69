import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { AlertCircle, Gift, Sparkles } from 'lucide-react';
import { forgetReferral, rememberedReferral } from '@/features/referral/referral-ref';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { useLoginMutation, useRegisterMutation } from './auth-mutations';
import type { AuthTab } from './auth-dialog-context';
import { loginSchema, registerSchema, type LoginValues, type RegisterValues } from './schemas';

export interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab: AuthTab;
  redirectTo?: string;
  reason?: string;
}

export default function AuthDialog({ open, onOpenChange, initialTab, redirectTo, reason }: AuthDialogProps) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const navigate = useNavigate();

  // Each opening starts on the requested tab.
  useEffect(() => {
    if (open) setTab(initialTab);
  }, [open, initialTab]);

  const onSuccess = () => {
    onOpenChange(false);
    if (redirectTo) navigate(redirectTo);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="auth-dialog" className="max-w-[26rem] overflow-hidden p-0">
        <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-brand opacity-20 blur-3xl" />
        <div className="relative p-6 sm:p-7">
          <DialogHeader className="mb-5 items-center text-center sm:items-center sm:text-center">
            <span className="mb-2 inline-flex size-11 items-center justify-center rounded-2xl bg-brand glow">
              <Sparkles className="size-5 text-white" aria-hidden />
            </span>
            <DialogTitle>{tab === 'register' ? 'Create your account' : 'Welcome back'}</DialogTitle>
            <DialogDescription>
              {reason ??
                (tab === 'register'
                  ? 'Join TrendForge and start creating viral AI content.'
                  : 'Sign in to keep forging viral content.')}
            </DialogDescription>
          </DialogHeader>
          <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="register" data-testid="auth-tab-register">
                Sign Up
              </TabsTrigger>
              <TabsTrigger value="login" data-testid="auth-tab-login">
                Log In
              </TabsTrigger>
            </TabsList>
            <TabsContent value="register">
              <RegisterForm onSuccess={onSuccess} />
            </TabsContent>
            <TabsContent value="login">
              <LoginForm onSuccess={onSuccess} />
            </TabsContent>
          </Tabs>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="auth-error"
      className="flex items-start gap-2 rounded-xl border border-rose-400/30 bg-rose-500/10 px-3 py-2.5 text-sm text-rose-200"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}

/** Submits a form through an auth mutation, keeping the server's answer to show in the dialog. */
function useAuthSubmit<V>(mutate: (values: V) => Promise<unknown>, fallback: string, onSuccess: () => void) {
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = async (values: V) => {
    setServerError(null);
    try {
      await mutate(values);
      onSuccess();
    } catch (error) {
      setServerError(error instanceof Error && error.message ? error.message : fallback);
    }
  };
  return { serverError, submit };
}

function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const registerMutation = useRegisterMutation();
  // The referral link's code goes with the sign-up, so the friend who shared it gets their credits.
  const [referral] = useState(rememberedReferral);
  const registerWithReferral = async (values: RegisterValues) => {
    await registerMutation.mutateAsync(referral ? { ...values, ref: referral } : values);
    forgetReferral();
  };
  const { serverError, submit } = useAuthSubmit(registerWithReferral, 'Registration failed', onSuccess);
  const id = useId();
  const { register, handleSubmit, formState: { errors } } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', email: '', password: '' },
  });

  const busy = registerMutation.isPending;
  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4" data-testid="register-form">
      <FormField id={`${id}-username`} label="Username" autoComplete="username" placeholder="viralcreator"
        data-testid="register-username" error={errors.username?.message} {...register('username')} />
      <FormField id={`${id}-email`} label="Email" type="email" autoComplete="email" placeholder="you@example.com"
        data-testid="register-email" error={errors.email?.message} {...register('email')} />
      <FormField id={`${id}-password`} label="Password" type="password" autoComplete="new-password" placeholder="At least 6 characters"
        data-testid="register-password" error={errors.password?.message} {...register('password')} />
      {referral ? (
        <p className="flex items-center gap-2 text-sm text-violet-100" data-testid="register-referral">
          <Gift className="size-4 shrink-0" aria-hidden />
          Invited with code <span className="font-mono font-semibold">{referral}</span>
        </p>
      ) : null}
      <ServerError message={serverError} />
      <Button type="submit" size="lg" disabled={busy} data-testid="register-submit" className="mt-1 w-full">
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const loginMutation = useLoginMutation();
  const { serverError, submit } = useAuthSubmit(loginMutation.mutateAsync, 'Invalid credentials', onSuccess);
  const id = useId();
  const { register, handleSubmit, formState: { errors } } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const busy = loginMutation.isPending;
  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4" data-testid="login-form">
      <FormField id={`${id}-email`} label="Email" type="email" autoComplete="email" placeholder="you@example.com"
        data-testid="login-email" error={errors.email?.message} {...register('email')} />
      <FormField id={`${id}-password`} label="Password" type="password" autoComplete="current-password" placeholder="Your password"
        data-testid="login-password" error={errors.password?.message} {...register('password')} />
      <ServerError message={serverError} />
      <Button type="submit" size="lg" disabled={busy} data-testid="login-submit" className="mt-1 w-full">
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
