import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/ui/toast';
import { resetToasts } from '@/ui/toast-store';
import { json, stubApi } from './creator-test-utils';
import { PromptCoach } from './PromptCoach';

const trend = { slug: 'pixar', name: 'Pixar' };

function renderCoach(prompt: string) {
  const onApply = vi.fn();
  render(
    <>
      <PromptCoach trend={trend} prompt={prompt} onApply={onApply} />
      <Toaster />
    </>,
  );
  return { onApply };
}

const panel = () => screen.getByTestId('creator-coach-panel');
const questionBox = () => screen.getByTestId('creator-coach-question');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe('prompt coach', () => {
  it('stays closed with "Prompt required" when there is no prompt', async () => {
    const calls = stubApi({});
    renderCoach('   ');
    fireEvent.click(screen.getByTestId('creator-coach'));
    expect(await screen.findByText('Prompt required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a prompt first to get feedback')).toBeInTheDocument();
    expect(screen.queryByTestId('creator-coach-panel')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('goes closed → suggestions → chat → closed; the suggestion can be applied', async () => {
    const calls = stubApi({
      '/api/coach/feedback': () => json({ feedback: 'Name the light: it sets the mood.', suggestion: 'a corgi astronaut at golden hour, warm rim light' }),
    });
    const { onApply } = renderCoach('a corgi astronaut');
    fireEvent.click(screen.getByTestId('creator-coach'));
    expect(panel()).toHaveAttribute('data-state', 'suggestions');
    expect(await screen.findByTestId('creator-coach-feedback')).toHaveTextContent('Name the light: it sets the mood.');
    expect(calls[0]).toEqual({ path: '/api/coach/feedback', method: 'POST', body: { prompt: 'a corgi astronaut', trendSlug: 'pixar', trendName: 'Pixar' } });

    fireEvent.click(screen.getByTestId('creator-coach-apply'));
    expect(onApply).toHaveBeenCalledWith('a corgi astronaut at golden hour, warm rim light');

    fireEvent.click(screen.getByTestId('creator-coach-chat'));
    expect(panel()).toHaveAttribute('data-state', 'chat');
    fireEvent.click(screen.getByTestId('creator-coach-close'));
    expect(screen.queryByTestId('creator-coach-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('creator-coach')).toBeInTheDocument();
  });

  it('chats: Enter sends with the history, Shift+Enter adds a line, an empty question is ignored', async () => {
    let answer = 0;
    const calls = stubApi({
      '/api/coach/feedback': () => json({ feedback: 'Good start.', suggestion: 'a corgi astronaut, cinematic' }),
      '/api/coach/question': () => json({ response: `Answer ${++answer}` }),
    });
    renderCoach('a corgi astronaut');
    fireEvent.click(screen.getByTestId('creator-coach'));
    fireEvent.click(await screen.findByTestId('creator-coach-chat'));

    // Empty (or blank) questions are ignored.
    fireEvent.change(questionBox(), { target: { value: '   ' } });
    fireEvent.keyDown(questionBox(), { key: 'Enter' });
    expect(calls.filter((c) => c.path === '/api/coach/question')).toHaveLength(0);

    // Shift+Enter does not send (the browser adds the line).
    fireEvent.change(questionBox(), { target: { value: 'How do I light it?' } });
    expect(fireEvent.keyDown(questionBox(), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(calls.filter((c) => c.path === '/api/coach/question')).toHaveLength(0);

    // Enter sends (and is not typed into the box).
    expect(fireEvent.keyDown(questionBox(), { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(screen.getAllByTestId('creator-coach-message')).toHaveLength(2));
    expect(questionBox()).toHaveValue('');
    expect(calls.at(-1)?.body).toEqual({
      question: 'How do I light it?',
      trendSlug: 'pixar',
      trendName: 'Pixar',
      prompt: 'a corgi astronaut',
      chatHistory: [],
    });

    fireEvent.change(questionBox(), { target: { value: 'And the background?' } });
    fireEvent.keyDown(questionBox(), { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByTestId('creator-coach-message')).toHaveLength(4));
    expect((calls.at(-1)?.body as { chatHistory: unknown }).chatHistory).toEqual([
      { role: 'user', content: 'How do I light it?' },
      { role: 'assistant', content: 'Answer 1' },
    ]);
    expect(screen.getAllByTestId('creator-coach-message').map((m) => [m.dataset.role, m.textContent])).toEqual([
      ['user', 'How do I light it?'],
      ['assistant', 'Answer 1'],
      ['user', 'And the background?'],
      ['assistant', 'Answer 2'],
    ]);
  });

  it('says "Chat error" and answers with the apology when the question fails', async () => {
    stubApi({
      '/api/coach/feedback': () => json({ feedback: 'Good start.', suggestion: 'x' }),
      '/api/coach/question': () => new Response('{"message":"Too many requests"}', { status: 429 }),
    });
    renderCoach('a corgi astronaut');
    fireEvent.click(screen.getByTestId('creator-coach'));
    fireEvent.click(await screen.findByTestId('creator-coach-chat'));
    fireEvent.change(questionBox(), { target: { value: 'Why?' } });
    fireEvent.keyDown(questionBox(), { key: 'Enter' });
    expect(await screen.findByText('Chat error')).toBeInTheDocument();
    const messages = await screen.findAllByTestId('creator-coach-message');
    expect(messages.at(-1)).toHaveAttribute('data-role', 'assistant');
    expect(messages.at(-1)).toHaveTextContent("Sorry, I'm having trouble responding right now...");
  });

  it('says "Feedback error" and closes when feedback fails', async () => {
    stubApi({ '/api/coach/feedback': () => new Response('{"message":"Assistant unavailable"}', { status: 503 }) });
    renderCoach('a corgi astronaut');
    fireEvent.click(screen.getByTestId('creator-coach'));
    expect(await screen.findByText('Feedback error')).toBeInTheDocument();
    expect(screen.getByText('Assistant unavailable')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('creator-coach-panel')).not.toBeInTheDocument());
  });
});
