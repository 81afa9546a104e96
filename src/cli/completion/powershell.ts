/**
 * The PowerShell completion script: a native argument completer that hands the words typed before the cursor to
 * `inv completion powershell --complete` (the tree's reader in TypeScript, src/cli/completion/reader.ts) and
 * offers what it prints: file names as PowerShell completes them, words as they are.
 */

/** The separator of the words passed to --complete: a control character no typed word holds. */
export const WORD_SEPARATOR = '\u001f';

/** The script: `inv completion powershell | Out-String | Invoke-Expression` (in $PROFILE). */
export function powershellScript(): string {
  return `# inv completion for PowerShell: inv completion powershell | Out-String | Invoke-Expression  (in $PROFILE)
Register-ArgumentCompleter -Native -CommandName inv, inv.exe, inv-win-x64.exe -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    # The words before the one being completed, the command's name left out.
    $before = @($commandAst.CommandElements |
        Where-Object { $_.Extent.EndOffset -lt $cursorPosition } |
        Select-Object -Skip 1 |
        ForEach-Object {
            if ($_ -is [System.Management.Automation.Language.StringConstantExpressionAst]) { $_.Value }
            else { $_.Extent.Text }
        })
    $words = @($before) + @($wordToComplete)
    $joined = $words -join [string][char]31
    # First line: f (file names) or w (the words on the lines after it).
    $answer = @(& $commandAst.CommandElements[0].Extent.Text completion powershell "--complete=$joined" 2>$null)
    if ($answer.Count -eq 0) { return }
    # File names as PowerShell completes them itself (directories, quoting).
    if ($answer[0] -eq 'f') { return [System.Management.Automation.CompletionCompleters]::CompleteFilename($wordToComplete) }
    $answer | Select-Object -Skip 1 | ForEach-Object {
        $text = if ($_ -match '[\\s''"\`$;,(){}@#|&<>]') { "'" + ($_ -replace "'", "''") + "'" } else { $_ }
        [System.Management.Automation.CompletionResult]::new($text, $_, 'ParameterValue', $_)
    }
}
`;
}
