import Testing

@Test func placeholderSceneTests() {}
