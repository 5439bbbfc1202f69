import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { descriptorDistance, faceDescriptor } from '@trendforge/imaging';
import { ApiMember, eventually, openPage, pickForgeStyle, useE2EStack } from './harness.js';

const require = createRequire(import.meta.url);
const demoPhoto = (n: number) => path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`);

/**
 * Personalisation as a new member lives it in Chromium: upload a photo on the Forge screen, see
 * traits-worker's traits arrive (and the failure path while it is down), exclude one, generate in
 * three trends and recognise the person in every result; the detail screen shows the original.
 */
describe('personalisation end to end', () => {
  const suite = useE2EStack('e2e-personal');

  test('photo → traits (traits-worker only) → three trends with the same recognisable person → the original on the detail screen', async () => {
    const member = await ApiMember.register(suite.url, 'selfie');
    await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = member.sessionCookie.split('=');
    await context.addCookies([{ name, value, url: suite.url }]);
    const page = await context.newPage();
    try {
      // traits-worker down: the screen keeps analysing, then shows the documented failure path.
      await suite.stack.stopInstance('traits-worker');
      await pickForgeStyle(page, suite.url, 'pixar');
      await page.getByTestId('personalize-upload-tab').click();
      await page.getByTestId('photo-input').setInputFiles(demoPhoto(1));
      await page.getByTestId('photo-preview').waitFor();
      await page.getByTestId('traits-analyzing').waitFor();
      await page.getByText('Still working', { exact: true }).first().waitFor({ timeout: 20_000 });
      await page.getByTestId('traits-failed').waitFor({ timeout: 40_000 });

      // traits-worker back: the queued job completes and the traits reach the open screen.
      await suite.stack.restart('traits-worker');
      const chips = page.getByTestId('trait-chip');
      await chips.first().waitFor({ timeout: 60_000 });
      await page.getByTestId('photo-note').waitFor();
      const traits = await chips.allInnerTexts();
      expect(traits.length).toBeGreaterThanOrEqual(2);

      // Exclude one trait: it leaves the prompt.
      await page.getByTestId('trait-exclude').first().click();
      await eventually('one trait fewer', async () => (await chips.count()) === traits.length - 1);
      await page.getByTestId('prompt-input').fill('me as the hero of an adventure');
      const finalPrompt = await page.getByTestId('final-prompt').innerText();
      expect(finalPrompt).toContain(' | Person traits: ');
      for (const [index, slug] of ['pixar', 'anime', 'magazine-cover'].entries()) {
        if (index > 0) {
          await page.getByTestId('different-style').click();
          const card = page.locator(`[data-testid=trend-card][data-trend-slug=${slug}]`);
          // The scroller shows the featured trends first; "Show All" brings in the rest.
          if (!(await card.count())) await page.getByTestId('toggle-featured').click();
          await card.getByTestId('trend-card-select').click();
          await page.getByTestId('continue-with-style').click();
        }
        await page.getByTestId('generate-button').click();
        await page.getByTestId('result-image').waitFor({ timeout: 90_000 });
        expect(await page.getByTestId('result-prompt').innerText()).toContain(' | Person traits: ');
      }

      // Every creation carries the photo and shows the same person as the original.
      const creations = await member.json<Array<{ id: string; trendId: string; generatedImage: string; originalImage: string | null; prompt: string }>>('GET', '/api/images');
      expect(creations.map((c) => c.trendId).sort()).toEqual(['anime', 'magazine-cover', 'pixar']);
      const original = await faceDescriptor(await readFile(demoPhoto(1)));
      const someoneElse = await faceDescriptor(await readFile(demoPhoto(3)));
      // Each generation has a random seed, and face-api does not find a face in every restyled
      // result (issue 28's bar is 70 % of results, measured by the imaging identity spec): at least
      // two of the three must show a face, and every face found must be this person's.
      let facesFound = 0;
      for (const creation of creations) {
        expect(creation.originalImage).toBe(`/api/images/${creation.id}/file/original`);
        expect(creation.prompt).toContain(' | Person traits: ');
        const image = Buffer.from(await (await member.request('GET', creation.generatedImage)).arrayBuffer());
        const face = await faceDescriptor(image);
        if (!face) continue;
        facesFound += 1;
        expect(descriptorDistance(face, original!)).toBeLessThan(descriptorDistance(face, someoneElse!));
      }
      expect(facesFound).toBeGreaterThanOrEqual(2);

      // The detail screen shows the original photo.
      await openPage(page, `${suite.url}/forge/detail/${creations[0].id}`);
      // It sits below the image and the sharing controls: images load as they scroll into view.
      await page.getByTestId('original-photo').scrollIntoViewIfNeeded();
      const originalPhoto = page.getByTestId('original-photo').locator('img');
      await eventually('the original photo is shown', () => originalPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
    } finally {
      await context.close();
    }
  }, 300_000);
});
