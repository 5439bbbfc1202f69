import { Link } from 'react-router-dom';
import { AlertCircle } from 'lucide-react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';

export default function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16" data-testid="not-found">
      <Card className="w-full max-w-md p-8">
        <div className="mb-4 flex items-center gap-3">
          <AlertCircle className="size-8 shrink-0 text-rose-400" aria-hidden />
          <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
        </div>
        <p className="text-sm text-muted">Did you forget to add the page to the router?</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link to="/">Back to Home</Link>
        </Button>
      </Card>
    </div>
  );
}
