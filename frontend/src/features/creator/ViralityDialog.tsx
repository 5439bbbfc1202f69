import { Flame, Sparkles, Wand2 } from 'lucide-react';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Progress } from '@/ui/progress';
import { analyzeVirality, viralityTone } from './virality';

export interface ViralityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prompt: string;
  onGenerate: () => void;
  canGenerate: boolean;
}

/** "Viral Potential Analysis": the score of the prompt, what lifts it, Close Analysis or Generate Now. */
export function ViralityDialog({ open, onOpenChange, prompt, onGenerate, canGenerate }: ViralityDialogProps) {
  const analysis = analyzeVirality(prompt);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" data-testid="creator-virality-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Flame aria-hidden className="size-5 text-orange-400" />
            Viral Potential Analysis
          </DialogTitle>
          <DialogDescription>How likely your prompt is to make a scroll-stopping post.</DialogDescription>
        </DialogHeader>

        <div className="rounded-2xl border border-border bg-surface-2/70 p-5 text-center">
          <p className="font-display text-5xl font-black tracking-tight" data-testid="creator-virality-score">
            {analysis.score}
            <span className="text-xl font-bold text-subtle">/100</span>
          </p>
          <p className="mt-1 text-sm font-semibold text-violet-200" data-testid="creator-virality-label">
            {analysis.label}
          </p>
          <Progress value={analysis.score} tone={viralityTone(analysis.score)} className="mt-4" aria-label="Viral potential" />
        </div>

        <div className="grid gap-3 text-sm">
          <p className="text-muted">
            {analysis.words} {analysis.words === 1 ? 'word' : 'words'}
            {analysis.lengthTip ? ` · ${analysis.lengthTip}` : ' · right in the sweet spot.'}
          </p>
          {analysis.found.length ? (
            <div>
              <p className="mb-1.5 text-xs font-semibold uppercase tracking-widest text-subtle">Boosting your score</p>
              <div className="flex flex-wrap gap-1.5">
                {analysis.found.map((word) => (
                  <Badge key={word} variant="success">
                    {word}
                  </Badge>
                ))}
              </div>
            </div>
          ) : null}
          {analysis.missing.length ? (
            <div>
              <p className="mb-1.5 text-xs font-semibold uppercase tracking-widest text-subtle">Try adding</p>
              <div className="flex flex-wrap gap-1.5">
                {analysis.missing.map((word) => (
                  <Badge key={word} variant="outline">
                    <Sparkles aria-hidden />
                    {word}
                  </Badge>
                ))}
              </div>
            </div>
          ) : null}
        </div>

        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} data-testid="creator-virality-close">
            Close Analysis
          </Button>
          <Button onClick={onGenerate} disabled={!canGenerate} data-testid="creator-virality-generate">
            <Wand2 aria-hidden />
            Generate Now
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
