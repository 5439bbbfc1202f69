import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ArrowLeft, Bot, Check, GraduationCap, Loader2, MessageCircle, RefreshCw, Send, X } from 'lucide-react';
import { AssistLimits, type ChatMessage } from '@trendforge/contracts';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { Textarea } from '@/ui/input';
import { toast } from '@/ui/toast-store';
import { askCoach, fetchCoachFeedback, type CoachFeedback, type TrendRef } from './assist-api';
import { CreatorMessages } from './creator-messages';

/** Spec part 2 section 4: the coach is closed, shows suggestions, or chats. */
export type CoachState = 'closed' | 'suggestions' | 'chat';

export interface PromptCoachProps {
  trend: TrendRef;
  prompt: string;
  /** Puts the coach's suggested prompt into Step 1. */
  onApply: (suggestion: string) => void;
  disabled?: boolean;
}

/** The prompt coach: feedback with a suggested prompt, and a chat about the prompt and trend. */
export function PromptCoach({ trend, prompt, onApply, disabled }: PromptCoachProps) {
  const [state, setState] = useState<CoachState>('closed');
  const [feedback, setFeedback] = useState<CoachFeedback | null>(null);
  const [loadingFeedback, setLoadingFeedback] = useState(false);
  const [history, setHistory] = useState<ChatMessage[]>([]);
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [history.length, asking]);

  const getFeedback = async () => {
    const text = prompt.trim();
    if (!text) {
      toast({ title: CreatorMessages.promptRequiredTitle, description: CreatorMessages.promptRequired, variant: 'destructive' });
      return;
    }
    setState('suggestions');
    setLoadingFeedback(true);
    try {
      setFeedback(await fetchCoachFeedback(trend, text));
    } catch (error) {
      toast({ title: CreatorMessages.feedbackErrorTitle, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      if (!feedback) setState('closed');
    } finally {
      setLoadingFeedback(false);
    }
  };

  const send = async () => {
    const text = question.trim();
    // An empty question is ignored.
    if (!text || asking) return;
    const earlier = history.slice(-AssistLimits.chatMessages);
    setHistory((h) => [...h, { role: 'user', content: text }]);
    setQuestion('');
    setAsking(true);
    try {
      const response = await askCoach(trend, prompt.trim(), text, earlier);
      setHistory((h) => [...h, { role: 'assistant', content: response }]);
    } catch (error) {
      toast({ title: CreatorMessages.chatErrorTitle, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      setHistory((h) => [...h, { role: 'assistant', content: CreatorMessages.chatErrorReply }]);
    } finally {
      setAsking(false);
    }
  };

  // Enter sends; Shift+Enter adds a line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  if (state === 'closed') {
    return (
      <Button variant="outline" size="sm" onClick={() => void getFeedback()} disabled={disabled} data-testid="creator-coach">
        <GraduationCap aria-hidden />
        Prompt Coach
      </Button>
    );
  }

  return (
    <section
      aria-label="Prompt coach"
      data-testid="creator-coach-panel"
      data-state={state}
      className="w-full rounded-xl border border-violet-400/25 bg-violet-500/[0.07] p-4 animate-fade-in"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-violet-100">
          <GraduationCap aria-hidden className="size-4" />
          {state === 'chat' ? 'Ask the coach' : 'Coach feedback'}
        </p>
        <div className="flex items-center gap-1">
          {state === 'chat' ? (
            <Button variant="ghost" size="sm" onClick={() => setState('suggestions')} data-testid="creator-coach-back">
              <ArrowLeft aria-hidden />
              Feedback
            </Button>
          ) : null}
          <Button variant="ghost" size="icon" className="size-8" onClick={() => setState('closed')} aria-label="Close coach" data-testid="creator-coach-close">
            <X aria-hidden />
          </Button>
        </div>
      </div>

      {state === 'suggestions' ? (
        loadingFeedback && !feedback ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Loader2 aria-hidden className="size-4 animate-spin text-violet-300" />
            Reading your prompt...
          </p>
        ) : feedback ? (
          <div className="grid gap-3">
            <p className="text-sm leading-relaxed text-foreground/90" data-testid="creator-coach-feedback">
              {feedback.feedback}
            </p>
            <div className="rounded-lg border border-border bg-surface-2/70 p-3">
              <p className="mb-1 text-[11px] font-semibold uppercase tracking-widest text-subtle">Suggested prompt</p>
              <p className="text-sm text-muted" data-testid="creator-coach-suggestion">
                {feedback.suggestion}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => onApply(feedback.suggestion)} disabled={disabled} data-testid="creator-coach-apply">
                <Check aria-hidden />
                Use this prompt
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setState('chat')} data-testid="creator-coach-chat">
                <MessageCircle aria-hidden />
                Ask a question
              </Button>
              <Button variant="ghost" size="sm" onClick={() => void getFeedback()} disabled={loadingFeedback}>
                <RefreshCw aria-hidden className={cn(loadingFeedback && 'animate-spin')} />
                Check again
              </Button>
            </div>
          </div>
        ) : null
      ) : (
        <div className="grid gap-3">
          <div className="grid max-h-72 gap-2 overflow-y-auto pr-1" aria-live="polite" data-testid="creator-coach-history">
            {history.length === 0 ? (
              <p className="text-sm text-muted">
                Ask anything about your prompt: lighting, background, colours, pose, or how to make it more {trend.name}.
              </p>
            ) : null}
            {history.map((message, i) => (
              <div
                key={i}
                data-testid="creator-coach-message"
                data-role={message.role}
                className={cn(
                  'max-w-[90%] whitespace-pre-wrap rounded-2xl px-3 py-2 text-sm',
                  message.role === 'user' ? 'justify-self-end bg-violet-500/25 text-violet-50' : 'justify-self-start bg-surface-3 text-foreground/90',
                )}
              >
                {message.role === 'assistant' ? <Bot aria-hidden className="mr-1.5 inline size-3.5 align-[-2px] text-violet-300" /> : null}
                {message.content}
              </div>
            ))}
            {asking ? (
              <p className="flex items-center gap-2 text-xs text-subtle" role="status">
                <Loader2 aria-hidden className="size-3.5 animate-spin" />
                Coach is typing...
              </p>
            ) : null}
            <div ref={endRef} />
          </div>
          <div className="flex items-end gap-2">
            <Textarea
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              onKeyDown={onKeyDown}
              rows={2}
              maxLength={AssistLimits.text}
              placeholder="e.g. How do I make the lighting more dramatic?"
              aria-label="Your question"
              data-testid="creator-coach-question"
              className="min-h-0 resize-none"
            />
            <Button size="icon" onClick={() => void send()} disabled={asking || !question.trim()} aria-label="Send question" data-testid="creator-coach-send">
              <Send aria-hidden />
            </Button>
          </div>
          <p className="text-[11px] text-subtle">Enter sends · Shift+Enter adds a line</p>
        </div>
      )}
    </section>
  );
}
