import { lazy, Suspense, useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '@/ui/button';

const MobileMenuSheet = lazy(() => import('./MobileMenuSheet'));

/** The hamburger (under 768 px). The sheet itself is a separate chunk, fetched on first open. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="mobile-menu-button"
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
        onPointerEnter={() => void import('./MobileMenuSheet')}
      >
        <Menu className="size-5!" aria-hidden />
      </Button>
      {everOpened ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
