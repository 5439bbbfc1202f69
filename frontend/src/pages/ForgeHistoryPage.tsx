import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { CreationsGallery } from '@/features/images/CreationsGallery';
import { Button } from '@/ui/button';

export default function ForgeHistoryPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight sm:text-4xl">Your Creations</h1>
          <p className="mt-1 text-muted">Every image you have forged, newest first.</p>
        </div>
        <Button asChild data-testid="gallery-create-new">
          <Link to="/forge">
            <Plus aria-hidden />
            Create New
          </Link>
        </Button>
      </div>
      <CreationsGallery />
    </div>
  );
}
