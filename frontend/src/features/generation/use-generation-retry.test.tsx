import { useState, type ReactNode } from 'react';
import type { FragmentDefinitionNode } from 'graphql';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TemporarilyUnavailable } from '@trendforge/contracts';
import { resetToasts } from '@/ui/toast-store';
import { Toaster } from '@/ui/toast';
import { GENERATE, type Generation } from './documents';
import { useGeneration } from './use-generation';

/** The accepted generation with every field the SPA's fragment asks for (null unless named). */
function generationAnswer(values: Partial<Generation>): Generation & { __typename: 'Generation' } {
  const fragment = GENERATE.definitions.find((d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition')!;
  const fields = fragment.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
  return { __typename: 'Generation', ...Object.fromEntries(fields.map((field) => [field, null])), ...values } as Generation & { __typename: 'Generation' };
}

/** What the gateway answers while the database restarts (errors.filter.ts): UNAVAILABLE with retryAfterSeconds. */
const unavailable = {
  errors: [{ message: TemporarilyUnavailable.message, extensions: { code: 'UNAVAILABLE', status: 503, retryAfterSeconds: 1 } }],
};

function Generate() {
  const { start } = useGeneration();
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <button onClick={() => start({ trendSlug: 'pixar', userPrompt: 'a fox' }).then((g) => setOutcome(`accepted ${g.id}`), (e: Error) => setOutcome(`failed ${e.message}`))}>
        Generate
      </button>
      <p data-testid="outcome">{outcome}</p>
      <Toaster />
    </>
  );
}

function renderWith(mocks: ReadonlyArray<unknown>) {
  const wrapper = ({ children }: { children: ReactNode }) => <MockedProvider mocks={mocks as never}>{children}</MockedProvider>;
  return render(<Generate />, { wrapper });
}

afterEach(() => resetToasts());

describe('useGeneration while the server is briefly unavailable', () => {
  it('shows the server text and sends the same call with the same key until it is accepted', async () => {
    const keys: string[] = [];
    const sent = (v: { idempotencyKey?: string }) => {
      keys.push(v.idempotencyKey ?? '');
      return true;
    };
    renderWith([
      { request: { query: GENERATE, variables: sent }, result: unavailable },
      { request: { query: GENERATE, variables: sent }, result: unavailable },
      { request: { query: GENERATE, variables: sent }, result: { data: { generate: generationAnswer({ id: 'g1', status: 'queued', progress: 0, trendSlug: 'pixar', prompt: 'a fox', createdAt: '2025-01-01T00:00:00.000Z' }) } } },
    ]);

    await act(async () => screen.getByRole('button', { name: 'Generate' }).click());
    // The member sees why it takes longer while it is sent again.
    expect(await screen.findByText(TemporarilyUnavailable.message)).toBeInTheDocument();
    expect(screen.getByText('Trying again for you')).toBeInTheDocument();
    expect(screen.getByTestId('outcome')).toHaveTextContent('');

    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('accepted g1'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // Accepted: the notice goes.
    await waitFor(() => expect(screen.queryByText(TemporarilyUnavailable.message)).not.toBeInTheDocument());
  });

  it('does not send again what the server refused or failed on', async () => {
    let sends = 0;
    const sent = () => {
      sends += 1;
      return true;
    };
    renderWith([
      { request: { query: GENERATE, variables: sent }, result: { errors: [{ message: 'Something went wrong. Please try again later.', extensions: { code: 'INTERNAL', status: 500 } }] } },
      { request: { query: GENERATE, variables: sent }, result: { data: { generate: generationAnswer({ id: 'g2', status: 'queued' }) } } },
    ]);

    await act(async () => screen.getByRole('button', { name: 'Generate' }).click());
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('failed Something went wrong. Please try again later.'));
    expect(sends).toBe(1);
    expect(screen.queryByText('Trying again for you')).not.toBeInTheDocument();
  });
});
