import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { createQueryClient, queryKeys } from '@/lib/queryClient';
import type { Image, User } from '@/lib/types';
import ForgeDetailPage from './ForgeDetailPage';

const image: Image = {
  id: 'c1',
  prompt: 'a corgi astronaut',
  trendId: 'anime',
  generatedImage: '/api/images/c1/file',
  thumbnail: '/api/images/c1/thumbnail',
  originalImage: '/api/images/c1/original',
  caption: 'Main character energy',
  engine: 'studio',
  isFavorite: false,
  createdAt: new Date().toISOString(),
};

function renderDetail(images: Image[]) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.images, images);
  const auth = { user: { id: 'u1' } as User, isLoading: false } as AuthContextValue;
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={['/forge/detail/c1']}>
          <Routes>
            <Route path="/forge/detail/:id" element={<ForgeDetailPage />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('ForgeDetailPage', () => {
  it('shows the original photo in a labelled block', () => {
    renderDetail([image]);
    const block = screen.getByTestId('original-photo');
    expect(block.tagName).toBe('FIGURE');
    expect(within(block).getByText('Original photo')).toBeInTheDocument();
    expect(within(block).getByRole('img', { name: 'Original photo' })).toHaveAttribute('src', '/api/images/c1/original');
    expect(within(block).getByRole('img', { name: 'Original photo' })).toHaveClass('object-cover');
  });

  it('leaves the block out when the creation had no photo', () => {
    renderDetail([{ ...image, originalImage: null }]);
    expect(screen.queryByTestId('original-photo')).not.toBeInTheDocument();
    expect(screen.getByText('a corgi astronaut')).toBeInTheDocument();
  });
});
