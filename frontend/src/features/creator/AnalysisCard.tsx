import { Flame } from 'lucide-react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Progress } from '@/ui/progress';
import { analyzeVirality, canAnalyze, viralityTone } from './virality';

export interface AnalysisCardProps {
  prompt: string;
  /** Opens the Viral Potential Analysis (or says "Prompt needed"). */
  onAnalyze: () => void;
  title?: string;
}

/** The live viral-potential score of the prompt, with the full analysis one click away. */
export function AnalysisCard({ prompt, onAnalyze, title = 'Viral potential' }: AnalysisCardProps) {
  const ready = canAnalyze(prompt);
  const analysis = ready ? analyzeVirality(prompt) : null;
  return (
    <Card className="grid gap-3 p-5" data-testid="creator-analysis-card">
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Flame aria-hidden className="size-4 text-orange-400" />
          {title}
        </p>
        {analysis ? (
          <p className="text-sm font-bold tabular-nums" data-testid="creator-analysis-score">
            {analysis.score}/100
          </p>
        ) : null}
      </div>
      {analysis ? (
        <>
          <Progress value={analysis.score} tone={viralityTone(analysis.score)} aria-label="Viral potential" />
          <p className="text-xs text-muted">{analysis.label}</p>
        </>
      ) : (
        <p className="text-xs text-muted">Your score appears once Step 1 has a few words.</p>
      )}
      <Button variant="outline" size="sm" onClick={onAnalyze} data-testid="creator-analysis">
        Analyze Viral Potential
      </Button>
    </Card>
  );
}
