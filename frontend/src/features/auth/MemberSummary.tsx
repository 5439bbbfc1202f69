import type { User } from '@/lib/types';
import { ROLE_LABELS } from '@/lib/types';
import { UsageMeter } from '@/features/usage/UsageMeter';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { cn } from '@/lib/cn';

/** Who is signed in: avatar, username, email, plan and usage (mobile menu, profile). */
export function MemberSummary({ user, large = false }: { user: User; large?: boolean }) {
  const Name = large ? 'h1' : 'p';
  return (
    <>
      <div className={cn('flex items-center', large ? 'gap-4' : 'gap-3')}>
        <Avatar src={user.avatar} name={user.username} className={large ? 'size-16 text-lg' : 'size-11'} />
        <div className="min-w-0">
          <Name className={cn('truncate', large ? 'text-xl font-bold' : 'font-semibold')}>{user.username}</Name>
          <p className={cn('truncate text-muted', large ? 'text-sm' : 'text-xs')}>{user.email}</p>
        </div>
        <Badge className="ml-auto">{ROLE_LABELS[user.role]}</Badge>
      </div>
      <UsageMeter user={user} variant="inline" className={large ? 'mt-6' : 'mt-4'} />
    </>
  );
}
