import { expect, test } from './fixtures';

test('a fresh browser signs in with a demo member and sees their name', async ({ page }) => {
  await page.goto('/dashboard?tab=week');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%3Ftab%3Dweek$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Email').fill('alex@sideline.example');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');

  await page.getByLabel('Password').fill('sideline-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=week$/);
  await expect(page.getByText('Welcome, Alex Morgan')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Welcome, Alex Morgan')).toBeVisible();
});

test('the sign-in form says what is missing before sending anything', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
});
