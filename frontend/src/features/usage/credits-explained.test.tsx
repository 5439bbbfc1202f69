import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/types';
import { generationsLeftText, renderCostText } from './credits-explained';
import { RenderCostNote } from './RenderCostNote';
import { UsageMeter } from './UsageMeter';

// jsdom has no ResizeObserver; the popover's positioning asks for one.
beforeAll(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const newFreeMember = { id: 'u1', username: 'newbie', role: 'free', credits: 3, monthlyUsage: 0 } as unknown as User;

describe('credits explained', () => {
  it('keeps the specified meter states and explains monthly generations vs credits when the meter is opened', async () => {
    render(
      <MemoryRouter>
        <UsageMeter user={newFreeMember} />
      </MemoryRouter>,
    );
    const meter = screen.getByTestId('usage-meter');
    // Spec: free maximum 10 in the meter, 30% is "warning" (amber); nothing about that changes.
    expect(meter).toHaveAttribute('data-meter-state', 'warning');
    expect(meter).toHaveTextContent('3 credits');
    fireEvent.click(meter);
    const explained = await screen.findByTestId('credits-explained');
    expect(screen.getByTestId('usage-meter-message')).toHaveTextContent('Credits running low');
    expect(explained).toHaveTextContent('Monthly generations');
    expect(screen.getByTestId('generations-used')).toHaveTextContent('0 of 5 used');
    expect(explained).toHaveTextContent('Premium trends cost credits (Ghibli costs 3). Free trends and the Trend of the Week use no credits, only your monthly generations.');
    expect(explained).toHaveTextContent('Get 3 free credits per friend who joins through your referral link.');
  });

  it('after one Ghibli render the meter is red with the spec text, and still explains', async () => {
    const afterGhibli = { ...newFreeMember, credits: 0, monthlyUsage: 1 } as User;
    render(
      <MemoryRouter>
        <UsageMeter user={afterGhibli} />
      </MemoryRouter>,
    );
    const meter = screen.getByTestId('usage-meter');
    expect(meter).toHaveAttribute('data-meter-state', 'danger');
    fireEvent.click(meter);
    expect(await screen.findByTestId('usage-meter-message')).toHaveTextContent('Your viral potential is fading fast!');
    expect(screen.getByTestId('generations-used')).toHaveTextContent('1 of 5 used');
  });

  it('says plainly what one render of a trend takes', () => {
    expect(generationsLeftText({ role: 'free', monthlyUsage: 1 })).toBe('4 of 5 monthly generations left');
    expect(generationsLeftText({ role: 'basic', monthlyUsage: 25 })).toBe('0 of 20 monthly generations left');
    expect(generationsLeftText({ role: 'pro_unlimited', monthlyUsage: 3 })).toBe('Unlimited generations (fair use of 1,000 a month)');
    expect(renderCostText({ role: 'free', monthlyUsage: 0 }, null))
      .toBe('No credits needed: one render uses one of your monthly generations (5 of 5 left this month).');
    expect(renderCostText({ role: 'pro', monthlyUsage: 10 }, 3))
      .toBe('Premium style: one render uses 3 credits and one of your monthly generations (90 of 100 left this month).');
    expect(renderCostText({ role: 'pro_unlimited', monthlyUsage: 10 }, 1))
      .toBe('Premium style: one render uses 1 credit and one of your monthly generations (unlimited, fair use of 1,000 a month).');
    render(<RenderCostNote user={newFreeMember} creditCost={1} />);
    expect(screen.getByTestId('render-cost-note')).toHaveTextContent('Premium style: one render uses 1 credit and one of your monthly generations (5 of 5 left this month).');
  });

  it('the inline meter says how many monthly generations are left', () => {
    render(<UsageMeter user={newFreeMember} variant="inline" />);
    expect(screen.getByTestId('generations-left')).toHaveTextContent('5 of 5 monthly generations left · credits are only for premium trends');
  });
});
