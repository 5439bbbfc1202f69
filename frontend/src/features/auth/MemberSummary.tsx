import type { User } from '@/lib/types';
import { ROLE_LABELS } from '@/lib/types';
import { UsageMeter } from '@/features/usage/UsageMeter';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { clsx } from 'clsx';

/** Who is signed in: avatar, username, email, plan and usage (mobile menu, profile). */
export function MemberSummary({ user, large = false }: { user: User; large?: boolean }) {
  const Name = large ? 'h1' : 'p';
  return (
    <>
      <div className={clsx('flex items-center', large ? 'gap-4' : 'gap-3')}>
        <Avatar src={user.avatar} name={user.username} className={large ? 'size-16 text-lg' : 'size-11'} />
        <div className="min-w-0">
          <Name className={clsx('truncate', large ? 'text-xl font-bold' : 'font-semibold')}>{user.username}</Name>
          <p className={clsx('truncate text-muted', large ? 'text-sm' : 'text-xs')}>{user.email}</p>
        </div>
        <Badge className="ml-auto">{ROLE_LABELS[user.role]}</Badge>
      </div>
      <UsageMeter user={user} variant="inline" className={large ? 'mt-6' : 'mt-4'} />
    </>
  );
}
