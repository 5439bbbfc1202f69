import { Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { StyleOptionsAnswer } from '@trendforge/contracts';
import { trendKeys } from '@/features/trends/use-trends';
import { createQueryClient } from '@/lib/queryClient';
import { queryKeys } from '@/lib/query-keys';
import type { Trend, User } from '@/lib/types';
import ForgeTrendPage from '@/pages/ForgeTrendPage';
import { member, renderApp, type ApolloMocks } from '@/test/render-app';

export { gen } from '@/test/render-app';

/** Test fixtures and a harness for the creator page (real router, query client, Apollo mocks). */

export const pixar: Trend = {
  id: '1',
  slug: 'pixar',
  name: 'Pixar',
  description: 'Warm, glossy 3D-animation film stills.',
  prompt: 'A 3D animated movie still',
  promptTemplate: 'A 3D animated movie still of {subject}, soft global illumination',
  category: 'Free',
  isWeeklyTrend: false,
  premium: false,
  creditsRequired: 0,
  verified: true,
  available: true,
  preview: '',
  previewImage: '',
  image: '',
  generations: 10,
};

export const pixarOptions: StyleOptionsAnswer = {
  styleOptions: {
    exaggerated_eyes: { label: 'Exaggerated Eyes', description: 'Big eyes' },
    enhance_lighting: { label: 'Enhanced Lighting', description: 'Soft key light' },
    vibrant_colors: { label: 'Vibrant Colors', description: 'Bright colours' },
    emotional_expression: { label: 'Emotional Expression', description: 'Expressive' },
  },
  vibes: ['Heartwarming', 'Adventurous'],
  personalizationSupported: true,
};

export const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  path: string;
  method: string;
  body: unknown;
}

/** Answers fetch by path; records every call. Unlisted paths answer 500. */
export function stubApi(routes: Record<string, (body: unknown) => Response | Promise<Response>>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      calls.push({ path, method: init?.method ?? 'GET', body });
      const route = routes[path];
      return route ? route(body) : new Response('not mocked', { status: 500 });
    }),
  );
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderCreator(
  url: string,
  { mocks = [], trends = [pixar], user = member, options = pixarOptions }: { mocks?: ApolloMocks; trends?: Trend[]; user?: User; options?: StyleOptionsAnswer } = {},
) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.trends, trends);
  for (const trend of trends) client.setQueryData(trendKeys.styleOptions(trend.slug), options);
  renderApp(
    <>
      <Routes>
        <Route path="/forge/:id" element={<ForgeTrendPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { client, user, mocks, initialEntries: [url] },
  );
  return { client };
}
